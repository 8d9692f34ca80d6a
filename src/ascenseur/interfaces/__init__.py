"""Interfaces: the command line, the terminal game, and (later) the web and research API."""
