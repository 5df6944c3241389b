"""The games rummy referees and scores, as peers: each is one module and one preset.

``find_game(name)`` gives a game's rules preset; everything a game does differently lives in
its own module (``games/gin.py`` for the Gin family). Nothing here imports click or YAML.
"""
