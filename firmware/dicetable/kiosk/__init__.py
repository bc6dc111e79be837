"""The classroom kiosk: the controller (kiosk.controller, what the app builds), its screens
(attract loop, guided first round, teacher lock, settings, high-score initials) and its data on
flash (results log, high scores, teacher lock, kiosk settings). PURE.
"""
