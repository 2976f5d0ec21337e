"""Keeping Discord current, cut along compose → draw → send.

- `payload`: the typed message a part composes (its picture a field: new, kept or none) and
  its `Fingerprint`.
- `compose`: pure composition, session → payload (the table, a hand, a ping, the end).
- `drawing`: the publisher's turns to draw, the pictures switch, pictures drawn ahead.
- `feeds`: one feed per game: table edits and reposts, a click's own table answer, pings, the
  end.
- `live_hands`, `dm_hands`: every player's private hand, ephemeral or by DM, kept current.
- `publisher`: the parts put together for the service (`bot.session.Publisher`) and the
  handlers (`bot.ports.HandPublisher`).

Each part is built with the narrow things it uses (`bot.publish.ports`), never with the bot.
"""
