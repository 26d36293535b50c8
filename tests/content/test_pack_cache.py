"""The validated pack is read back from disk while its files are unchanged, and only then."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from gangmanager.content import builtin_rulesets_dir, pack_cache
from gangmanager.content.loader import clear_cache, load_ruleset


def copies() -> list[Path]:
    return sorted(pack_cache.cache_dir().glob("*.pickle"))


def test_a_second_load_reads_the_kept_copy_and_a_changed_file_is_read_again(
    tmp_path: Path,
) -> None:
    packs = tmp_path / "rulesets"
    shutil.copytree(builtin_rulesets_dir(), packs)
    clear_cache()
    first = load_ruleset("n23", [packs])
    assert len(copies()) == 1
    clear_cache()
    again = load_ruleset("n23", [packs])
    assert again == first and again is not first
    assert len(copies()) == 1

    pack_file = packs / "n23" / "pack.toml"
    text = pack_file.read_text(encoding="utf-8")
    pack_file.write_text(text.replace("founding_credits = 1000", "founding_credits = 1200"))
    os.utime(pack_file, ns=(1, 1))  # a different modification time whatever the clock
    clear_cache()
    changed = load_ruleset("n23", [packs])
    assert changed.founding_credits == 1200
    assert len(copies()) == 1  # the copy for the old files is gone
    clear_cache()


def test_a_damaged_copy_is_ignored(tmp_path: Path) -> None:
    clear_cache()
    first = load_ruleset("n23")
    (kept,) = copies()
    kept.write_bytes(b"not a pickle")
    clear_cache()
    assert load_ruleset("n23") == first
    clear_cache()
