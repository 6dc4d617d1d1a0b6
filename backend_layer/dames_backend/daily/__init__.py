"""The daily challenge: ``challenge`` (the day's seed, its close, the rotation) and ``views``
(the API's shapes and the past days). Imports only the core modules."""
