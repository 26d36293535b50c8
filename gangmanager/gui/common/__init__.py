"""Widgets and models shared by the feature folders."""
