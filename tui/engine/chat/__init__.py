"""Chat formats: a conversation framed by a model's own format and encoded, each id told apart as special,
template or content (model.py says how; registry.py lists the formats; template.py reads a user's Jinja template)."""
