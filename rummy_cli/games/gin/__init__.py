"""The Gin family (Gin Rummy, Oklahoma Gin, Hollywood Gin), G1-G22: its figures and presets
(``rules``), the showdown of a knock (``showdown``), a game's score from its hands with
Hollywood's three columns (``score``), a game of hands (``game``) and its place in the ledger
(``record``). The least-deadwood and layoff searches are shared (``rummy_cli.deadwood``)."""
