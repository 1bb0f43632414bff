"""Tests of the site-wide pages."""
