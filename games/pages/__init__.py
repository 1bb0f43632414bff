"""The card room's server-rendered pages: home, lobby, create table, the table, rules, the
guided games and the chat report, with their forms and URL converter."""
