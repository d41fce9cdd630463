"""The rules of Omaha-family poker: cards, games, one hand, showdown.

Pure Python: nothing here imports Qt, OpenCV, serial or the database.
"""
