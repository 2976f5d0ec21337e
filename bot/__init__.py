"""The Discord application: settings, storage, live sessions, rendering and translations."""
