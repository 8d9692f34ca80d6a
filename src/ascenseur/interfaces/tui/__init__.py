"""The terminal game (Textual): ``ascenseur play``."""

from .app import AscenseurApp, build_session, make_session, parse_option_list

__all__ = ["AscenseurApp", "build_session", "make_session", "parse_option_list"]
