"""The turn clock and notifications: deadlines, reminders, time away, and how each person is told it is their turn."""
