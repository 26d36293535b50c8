"""A command's services are imported when the command runs, not when the parser is built.

`gangmanager --help` and every command build the whole parser (every command's
options); importing every command's services for that cost several hundred
milliseconds. `lazy_import` uses the standard library's `importlib.util.LazyLoader`:
the module object exists at once and its code runs on first attribute access.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_import(name: str) -> ModuleType:
    """`name`, loaded on first use (already loaded: returned as it is)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        # As a real import does: `package.module` reaches it too.
        setattr(sys.modules[parent], child, module)
    return module
