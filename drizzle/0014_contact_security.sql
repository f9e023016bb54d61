-- Contact messages (spec 000 §3, POST /contact; docs/decisions/0025-public-site.md): a table of no tenant. The shared
-- door stores a message and counts an address's recent ones (its hourly budget); nothing edits or deletes them. The
-- super-admin lists them through the system door, which needs no grant.
GRANT SELECT, INSERT ON contact_messages TO app_shared;
