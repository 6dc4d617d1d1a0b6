"""What one client may ask of the server: ``clients`` (per-network and per-player counters in
DynamoDB, the client's address key), ``thinking`` (the per-client bound on the routes where
the computer thinks, on AWS) and ``refusals`` (a move the server refused for its own load
costs the player no time). Imports only the core modules."""
