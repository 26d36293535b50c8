"""The gang aggregate: the tables that hold what a gang owns, declared in one place.

The snapshot engine (persistence/snapshots.py) takes a roster edit's rows, checks
them and puts them back from this declaration: the gang's row, the `fighters`
with every row that hangs from them by a foreign key (modifiers, weapons, their
profiles, wargear), and the tables of the gang's own things (`owned`: the stash).
A table added to the gang's roster is named here, and its rows are then in every
roster step's undo (tests/services/test_gang_aggregate_undo.py adds one).

Rows of other tables that point at a gang (battles, drafts, a campaign's) are
not the roster's: their own actions take them (`RowScope`), and creating or
deleting a gang (`whole`) takes every row that cascades from it, and the links
(ON DELETE SET NULL) of rows that only point at it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Aggregate:
    # The aggregate's own row.
    root: str
    # The rows that own what hangs from them (a change names the fighter).
    members: str
    # Other tables hanging off the root that make the roster (one scope flag: `stash`).
    owned: tuple[str, ...]

    @property
    def tables(self) -> frozenset[str]:
        """The tables one step from the root that a roster step holds."""
        return frozenset({self.members, *self.owned})


GANG = Aggregate(root="gangs", members="fighters", owned=("stash_items",))
