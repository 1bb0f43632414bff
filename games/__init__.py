"""The card room: tables, seats, moves and the pages and sockets around them."""
