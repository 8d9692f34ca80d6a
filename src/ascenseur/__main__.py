"""``python -m ascenseur``: the same as the ``ascenseur`` command."""

from ascenseur.interfaces.cli import main

main()
