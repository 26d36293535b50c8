"""A battle event the tests share: a failed Ammo test strikes Dex Hollow's Limited
executioner ammo (the demo gang's Shotgun) off the stored card."""

LIMITED = {
    "fighter": "Dex Hollow",
    "event": "ammo_test",
    "weapon": "Shotgun",
    "profile": "executioner ammo",
    "roll": 5,
}
