"""Equipment lines as seven club gangs' YakTribe exports spell them (one list per
gang, one line per bought item), written for the matching-rate test: YakTribe's
spellings ("Mesh Armor", "Grenade Launcher-Smoke", "Psychoteric Worm"), its ammo
lines, beast markers, gang kit (the Ironhead guns, the Third Arm, cyberteknika, the
Vartijan's and the Arachni-Rig's weapons) and a doubtful match that stays custom
(the Ironhead arc welder), in about the share real exports carry them."""

from __future__ import annotations

# gang type -> fighters (type, [equipment lines]).
CLUB_GANGS: dict[str, list[tuple[str, list[str]]]] = {
    "Orlock (HoI)": [
        ("Road Captain (Leader)", ["Boltgun", "Frag Grenades", "Mesh Armor", "Bolt Pistol"]),
        ("Arms Master (Champion)", ["Harpoon Launcher", "Flak Armor", "Servo Claw"]),
        ("Road Sergeant (Champion)", ["Shotgun", "Shotgun - Executioner", "Cyber-mastiff"]),
        ("Gunner (Ganger)", ["Heavy Stubber", "Stub Gun", "Flak Armor"]),
        ("Gunner (Ganger)", ["Grenade Launcher w/Frag+Krak", "Grenade Launcher-Smoke"]),
        ("Gunner Specialist", ["Long Rifle", "Photo-goggles", "Fighting Knife"]),
        ("Greenhorn (Juve)", ["Autopistol", "Axe"]),
        ("Cyber-mastiff (Exotic Beast)", []),
    ],
    "Delaque (HoS)": [
        ("Master of Shadows (Leader)", ["Web Pistol", "Stiletto Knife", "Mesh Armor"]),
        ("Phantom (Champion)", ["Long Las", "Photo-goggles", "Psychoteric Worm"]),
        ("Ghost (Ganger)", ["Lasgun", "Hotshot Lasgun Pack", "Respirator"]),
        ("Ghost (Ganger)", ["Shotgun", "Fighting Knife", "Grav-chute"]),
        ("Shadow (Juve)", ["Needle Pistol", "Stiletto Knife"]),
        ("Psychoteric Worm (Exotic Beast)", []),
    ],
    "Van Saar (HoA)": [
        ("Prime (Leader)", ["Plasma Gun", "Armoured Bodyglove", "Ocular Alpha", "Motive Alpha"]),
        ("Augmek (Champion)", ["Las Carbine", "Armoured Bodyglove", "Cyberachnid"]),
        ("Tek (Ganger)", ["Lasgun", "Hotshot Lasgun Pack", "Armoured Bodyglove"]),
        ("Tek (Ganger)", ["Rad Gun", "Armoured Bodyglove", "Suspensor"]),
        ("Neotek (Prospect)", ["Grav-cutter", "Armoured Bodyglove", "Laspistol"]),
        ("Subtek (Juve)", ["Laspistol", "Hotshot Laspistol Pack", "Armoured Bodyglove"]),
        ("Cyberachnid (Exotic Beast)", []),
        ("Van Saar Arachni-Rig Servo-Suit", ["Twin-linked Heavy Las Carbine", "Servo Arm"]),
    ],
    "Enforcers": [
        ("Palanite Captain", ["Enforcer Boltgun", "Stub Gun", "Flak Armor", "Magnacles"]),
        ("Palanite Sergeant", ["Shotgun", "Shotgun - Executioner", "Armored undersuit"]),
        ("Palanite Subjugator", ["Shield (Vigilance assault)", "Shock Baton", "Stub Gun"]),
        ("Palanite Patrolman", ["Enforcer Boltgun", "Penetrator Rounds-Boltgun", "Stub Gun"]),
        ("Patrolman Specialist", ["Grenade Launcher w/Frag+Krak", "Grenade Launcher Krak"]),
        ("Palanite Rookie", ["Stub Gun", "Flak Armor"]),
        ("Hardcase Cyber-Mastiff", ["Shock Bite"]),
    ],
    "Squat Prospectors": [
        ("Charter Master (Leader)", ["Ironhead Boltgun", "Mesh Armor", "Frag Grenades"]),
        ("Drill Master (Champion)", ["Ironhead Heavy Stubber", "Ironhead Bolt Pistol"]),
        ("Drill Master (Champion)", ["Heavy Rock Drill", "Mesh Armor", "Mining Laser"]),
        ("Drill-kyn (Ganger)", ["Seismic Cannon", "Mesh Armor"]),
        ("Drill-kyn (Ganger)", ["Demiurg Energy Drill", "Mesh Armor", "Ironhead Arc Welder"]),
        ("Prospector Digger", ["Ironhead Autopistol", "Fighting Knife"]),
        ("Drill-kyn Specialist", ["Ironhead Meltagun", "Ironhead Stub Gun", "Mesh Armor"]),
        ("Vartijan Exo-Driller", ["Heavy Bolter (Vartijan)", "Power Claw", "Seismic Crusher"]),
        ("Giant Rat", ["Jaws (Giant Rat)"]),
        ("Scrapcode-corrupted Ambot", ["Tunneling Claw", "Light Carapace Armor"]),
    ],
    "Genestealer Cults (BoR)": [
        ("Cult Alpha", ["Power Sword", "Plasma Pistol", "Mesh Armor", "Psychic Familiar"]),
        ("Hybrid Acolyte", ["Grenade Launcher w/Frag+Krak", "Mesh Armor", "Psychic Familiar"]),
        ("Hybrid Acolyte Early Gen", ["Mesh Armor", "Third Arm", "Long Las"]),
        ("Aberrant", ["Fighting Knife", "Power Sword", "Mesh Armor"]),
        ("Neophyte Hybrid Specialist", ["Heavy Rock Saw", "Hazard Suit", "Stun Grenades"]),
        ("Neophyte Hybrid", ["Lasgun", "Hazard Suit"]),
        ("Neophyte Hybrid", ["Autogun", "Hazard Suit", "Blasting Charges"]),
        ("Neophyte Early Gen", ["Mining Laser", "Hazard Suit"]),
        ("Psychic Familiar", []),
    ],
    "Helot Chaos Cult (BoR)": [
        ("Demagogue (Leader)", ["Relic Storm Bolter", "Flak Armor", "Chaos Familiar"]),
        ("Witch (Champion)", ["Autopistol", "Axe"]),
        ("Disciple (Champion)", ["Heavy Stubber", "Flak Armor"]),
        ("Helot Cultist", ["Autogun", "Choke Grenade"]),
        ("Helot Cultist", ["Shotgun", "Stub Gun"]),
        ("Chaos Familiar (Exotic Beast)", []),
    ],
}
