"""How each process of the site runs: background work later in its lane (`scheduling`), this
process's liveness key (`processes`) and its one shared-cache client (`process_cache`).
Every app may import it; it imports no app."""
