"""People finding people: friends, invitations to tables, notifications, player search and
statistics (docs/architecture.md §2). It sits above games, records, rankings and accounts;
none of them imports it."""
