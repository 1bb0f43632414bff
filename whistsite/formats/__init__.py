"""The site's own date formats (FORMAT_MODULE_PATH), where Django's differ from the rest of
its pages."""
