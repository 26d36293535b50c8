"""YakTribe's names for what the `n23` pack calls otherwise: ONE table, as data.

Each row is (what, YakTribe's spelling, ours):

- `house`: a gang type (after the book suffix "(HoI)" is dropped) -> a house id;
- `type`: a fighter type (after its label "(Leader)" is dropped) -> the pack's
  type name; `X Specialist` needs no row (a Specialist of type X);
- `category`: words in a type the pack lacks -> the category they tell
  (`vehicle` becomes Crew: the pack has no vehicles);
- `item`: an equipment line -> the armoury's name;
- `marker`: an equipment line that only marks a beast's owner -> the beast type;
- `custom`: an equipment line kept as a custom item although an armoury alias
  would take it (a doubtful match: "Club" may be a Maul or not; the Ironhead
  arc welder's profile is not the pack's Arc welder's) -> "".

Names are compared word by word (`armoury_match.name_tokens`: case, plurals,
punctuation and American spellings do not matter), so one spelling per row.
A name the pack already spells the same way needs no row.
"""

from __future__ import annotations

from typing import Literal

What = Literal["house", "type", "category", "item", "marker", "custom"]

YAKTRIBE_NAMES: tuple[tuple[What, str, str], ...] = (
    # -- houses: YakTribe's gang types, with or without "House" --
    ("house", "Enforcers", "palanite_enforcers"),
    ("house", "Palanite Enforcers", "palanite_enforcers"),
    ("house", "Palanite Enforcer", "palanite_enforcers"),
    ("house", "Genestealer Cults", "genestealer_cult"),
    ("house", "Genestealer Cult", "genestealer_cult"),
    ("house", "Chaos Cult", "chaos_cult"),
    ("house", "Chaos Cults", "chaos_cult"),
    ("house", "Helot Chaos Cult", "chaos_cult"),
    ("house", "Helot Chaos Cults", "chaos_cult"),
    ("house", "Chaos Helot Cult", "chaos_cult"),
    ("house", "Corpse Grinder Cults", "corpse_grinder_cult"),
    ("house", "Squat Prospectors", "squat_prospectors"),
    ("house", "Ironhead Squat Prospectors", "squat_prospectors"),
    ("house", "Ironhead Squats", "squat_prospectors"),
    ("house", "Squats", "squat_prospectors"),
    ("house", "Ash Waste Nomads", "ash_wastes_nomads"),
    ("house", "Ash Wastes Nomads", "ash_wastes_nomads"),
    ("house", "Nomads", "ash_wastes_nomads"),
    ("house", "Underhive Outcasts", "outcasts"),
    ("house", "Outcast", "outcasts"),
    ("house", "Venator", "venators"),
    ("house", "Venator Hunting Party", "venators"),
    ("house", "Redemptionists", "cawdor_redemptionist"),
    ("house", "Cawdor Redemptionists", "cawdor_redemptionist"),
    ("house", "Redemptionist", "cawdor_redemptionist"),
    # -- fighter types the pack names otherwise --
    ("type", "Palanite Captain", "Captain"),
    ("type", "Palanite Sergeant", "Sergeant"),
    ("type", "Palanite Patrolman", "Patrolman"),
    ("type", "Palanite Rookie", "Rookie"),
    ("type", "Palanite Subjugator Captain", "Subjugator Captain"),
    ("type", "Palanite Subjugator Sergeant", "Subjugator Sergeant"),
    ("type", "Palanite Subjugator", "Subjugator Patrolman"),
    ("type", "Subjugator", "Subjugator Patrolman"),
    ("type", "Enforcer Captain", "Captain"),
    ("type", "Enforcer Sergeant", "Sergeant"),
    ("type", "Enforcer Patrolman", "Patrolman"),
    ("type", "Enforcer Rookie", "Rookie"),
    ("type", "Hybrid Acolyte Early Gen", "Early Generation Hybrid Acolyte"),
    ("type", "Early Gen Hybrid Acolyte", "Early Generation Hybrid Acolyte"),
    ("type", "Neophyte Early Gen", "Early Generation Neophyte Hybrid"),
    ("type", "Neophyte Hybrid Early Gen", "Early Generation Neophyte Hybrid"),
    ("type", "Neophyte", "Neophyte Hybrid"),
    ("type", "Adept", "Cult Adept"),
    ("type", "Alpha", "Cult Alpha"),
    ("type", "Helot Cultist", "Cultist"),
    ("type", "Helot Demagogue", "Demagogue"),
    ("type", "Helot Witch", "Witch"),
    ("type", "Helot Disciple", "Disciple"),
    ("type", "Prospector Digger", "Digger"),
    ("type", "Prospector Drill-kyn", "Drill-kyn"),
    ("type", "Prospector Drill Master", "Drill Master"),
    ("type", "Prospector Charter Master", "Charter Master"),
    ("type", "Giant Rat", "Wasteland Giant Rat"),
    ("type", "Van Saar Arachni-Rig Servo-Suit", "Arachni-Rig"),
    ("type", "Arachni-Rig Servo-Suit", "Arachni-Rig"),
    ("type", "Scrapcode-corrupted Ambot", "Ambot"),
    ("type", "Squat Bounty Hunter", "Bounty Hunter"),
    ("type", "Enforcer 'Sanctioner' Pattern Automata", "Sanctioner automata"),
    ("type", "Enforcer Sanctioner Pattern Automata", "Sanctioner automata"),
    ("type", "'Sanctioner' Pattern Automata", "Sanctioner automata"),
    ("type", "Sanctioner Pattern Automata", "Sanctioner automata"),
    ("type", "Enforcer Sanctioner Automata", "Sanctioner automata"),
    ("type", "Sanctioner", "Sanctioner automata"),
    ("type", "Master of Shadows", "Master of Shadow"),
    ("type", "Queen", "Gang Queen"),
    ("type", "Matriarch", "Gang Matriarch"),
    ("type", "Psychoteric Worm", "Psychoteric Wyrm"),
    ("type", "Cephalopod Spektor", "Cephalopod Spekter"),
    ("type", "Chieftain", "Kha'tragi Chieftain"),
    ("type", "Stormcaller", "Wy'tari Stormcaller"),
    ("type", "Watcher", "Naku'taari Watcher"),
    ("type", "Warrior", "Tarn'runi Warrior"),
    ("type", "Dust Rider", "Tarh'noki Dust Rider"),
    ("type", "Dust Runner", "Run'taani Dust Runner"),
    ("type", "Redemptionist Priest", "Redemptor Priest"),
    ("type", "Deacon", "Redemptionist Deacon"),
    ("type", "Redemptionist Zealot", "Zealot"),
    ("type", "Cherub", "Cherub-Servitor"),
    ("type", "Hive Scum Outcast", "Outcast Hive Scum"),
    ("type", "Slave Ogryn", "Ogryn"),
    # -- categories told by words, for types the pack lacks (in this order) --
    ("category", "Hanger-on", "hanger_on"),
    ("category", "Hired Gun", "hired_gun"),
    ("category", "Dramatis Personae", "hired_gun"),
    ("category", "Bounty Hunter", "hired_gun"),
    ("category", "Hive Scum", "hired_gun"),
    # Dramatis Personae (named Bounty Hunters, Outlaw Bounty Hunters, House Agents)
    # the pack lacks, by a part of their name YakTribe keeps whole; before the
    # words below, so "Hagar Freelord, Outcasts Leader" is a Hired Gun. Names
    # from Necrovox's hired-guns pages (docs/provenance/gang-kit.md).
    ("category", "Yageloth", "hired_gun"),
    ("category", "Urson Grimjarl", "hired_gun"),
    ("category", "Betti Banshee", "hired_gun"),
    ("category", "Ashwood Stranger", "hired_gun"),
    ("category", "Hagar Freelord", "hired_gun"),
    ("category", "Cinderjack", "hired_gun"),
    ("category", "Calthyxis", "hired_gun"),
    ("category", "The Headsman", "hired_gun"),
    ("category", "Krotos Hark", "hired_gun"),
    ("category", "The Deserter", "hired_gun"),
    ("category", "Yar Umbra", "hired_gun"),
    ("category", "Yolanda Skorn", "hired_gun"),
    ("category", "Gor Half-horn", "hired_gun"),
    ("category", "Kria Kytoro", "hired_gun"),
    ("category", "Vespa", "hired_gun"),
    ("category", "Servalen", "hired_gun"),
    ("category", "Arbelesta", "hired_gun"),
    ("category", "Aramista", "hired_gun"),
    ("category", "Ortruum", "hired_gun"),
    ("category", "Gorshiv Hammerfist", "hired_gun"),
    ("category", "Eyros Slagmyst", "hired_gun"),
    ("category", "Attilus the Axe", "hired_gun"),
    ("category", "Belladonna", "hired_gun"),
    ("category", "Grendl Grendlsen", "hired_gun"),
    ("category", "Von Buren", "hired_gun"),
    ("category", "Thaetos", "hired_gun"),
    ("category", "Baertrum Arturos", "hired_gun"),
    ("category", "Freikstorn Strix", "hired_gun"),
    ("category", "Djangar", "hired_gun"),
    ("category", "Apollus Kage", "hired_gun"),
    ("category", "Vorgen", "hired_gun"),
    ("category", "Rex Spires", "hired_gun"),
    ("category", "Lisbeth the Iron Angel", "hired_gun"),
    ("category", "Mortanna Shroud", "hired_gun"),
    ("category", "Kal Jericho", "hired_gun"),
    ("category", "Alyce Shivver", "hired_gun"),
    ("category", "Eightfold Harvest Lord", "hired_gun"),
    ("category", "Czarn the Cyberoth", "hired_gun"),
    ("category", "Vandoth the Fallen", "hired_gun"),
    ("category", "Hermaphage Magos", "hired_gun"),
    ("category", "Durgan Kill-Fist", "hired_gun"),
    ("category", "Ajex Gorgoth", "hired_gun"),
    ("category", "Athera", "hired_gun"),
    ("category", "Cyniss", "hired_gun"),
    ("category", "Lady Haera", "hired_gun"),
    ("category", "Margo Merdena", "hired_gun"),
    ("category", "Necrana", "hired_gun"),
    ("category", "Orrin Grimjarl", "hired_gun"),
    ("category", "Axon Hammer", "hired_gun"),
    ("category", "Klovis the Redeemer", "hired_gun"),
    ("category", "The Prophet", "hired_gun"),
    ("category", "Old Three-Eyes", "hired_gun"),
    ("category", "Exotic Beast", "exotic_beast"),
    ("category", "Beast", "exotic_beast"),
    ("category", "Familiar", "exotic_beast"),
    ("category", "Mastiff", "exotic_beast"),
    ("category", "Rat", "exotic_beast"),
    ("category", "Brute", "brute"),
    ("category", "Ambot", "brute"),
    ("category", "Ogryn", "brute"),
    ("category", "Vehicle", "crew"),
    ("category", "Crew", "crew"),
    ("category", "Prospect", "prospect"),
    ("category", "Juve", "juve"),
    ("category", "Leader", "leader"),
    ("category", "Champion", "champion"),
    ("category", "Specialist", "specialist"),
    ("category", "Ganger", "ganger"),
    ("category", "Road Captain", "leader"),
    ("category", "Greenhorn", "juve"),
    ("category", "Gunner", "ganger"),
    # -- equipment spellings of real files --
    ("item", "Choke Grenade", "Choke gas grenade"),
    ("item", "Scare Grenade", "Scare gas grenade"),
    ("item", "Relic Storm Bolter", "Storm bolter"),
    ("item", "Jaws (Giant Rat)", "Ferocious jaws"),
    ("item", "Giant Rat Jaws", "Ferocious jaws"),
    ("item", "Jaws", "Ferocious jaws"),
    # the Ironhead heavy flamer is the pack's Vartijan one (same gun, same price)
    ("item", "Ironhead Heavy Flamer", "Vartijan heavy flamer"),
    ("item", "Vartijan Heavy Flamer", "Vartijan heavy flamer"),
    ("item", "Exo-Driller Heavy Bolter", "Vartijan heavy bolter"),
    ("item", "Arachni-Rig Jump Booster", "Arachni-rig jump boosters"),
    ("item", "Hardcase Shock Bite", "Shock bite"),
    ("item", "Mancatcher", "Sanction pattern mancatcher"),
    ("item", "Sanctioner Grenade Launcher Array", "Grenade launcher array"),
    # -- doubtful matches: kept as custom items --
    ("custom", "Club", ""),
    ("custom", "Ironhead Arc Welder", ""),
    ("custom", "Arc Welder (Ironhead)", ""),
    # -- items that only say who owns a beast --
    ("marker", "Psychoteric Worm", "Psychoteric Wyrm"),
    ("marker", "Cephalopod Spektor", "Cephalopod Spekter"),
    ("marker", "Giant Rat", "Wasteland Giant Rat"),
)


def rows(what: What) -> list[tuple[str, str]]:
    """(YakTribe's spelling, ours) of one kind, in table order."""
    return [(theirs, ours) for kind, theirs, ours in YAKTRIBE_NAMES if kind == what]
