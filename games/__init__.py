"""Pure rule engines for the five games; see `games.core` for the contract."""
