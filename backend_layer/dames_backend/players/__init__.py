"""Players: ``accounts`` (pseudonyms, tokens, authentication), ``transfer`` (moving a player
to another device), ``streaks`` (consecutive daily wins) and ``views`` (the API's shapes).
Imports only the core modules and ``limits``."""
