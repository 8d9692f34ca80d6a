"""Services: game sessions (tables of human and computer seats), storage, tournaments."""
