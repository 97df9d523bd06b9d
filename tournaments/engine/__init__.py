"""Pairing and standings as pure Python (no Django), fed by tournaments/services/."""
