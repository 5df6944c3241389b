"""The Gin family (Gin Rummy, Oklahoma Gin, Hollywood Gin), G1-G22: its figures and presets
(``rules``), the showdown of a knock (``showdown``), a game's score from its hands with
Hollywood's three columns (``score``), a game of hands (``game``) and its place in the ledger
(``record``), the least-deadwood, layout and layoff searches (``deadwood``), and what is
printed: the showdown's report (``report``), the score sheets (``sheet``, ``hollywood_sheet``)."""
