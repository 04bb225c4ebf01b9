"""The command line and admin tasks: the arena, random playouts, --check, --backup and moving a database."""
