-- Who answers for a wait's outcome (docs/routing.md "Breaches in reports"): the conversation's owner when the target
-- was breached, or else when the reply came. Reports counted every wait under the conversation's current owner, so a
-- breach moved with the conversation to whoever took it later. Null while the wait is open (reports use the current
-- owner then) and for waits closed before this column. Not a foreign key: a deleted user's figures stay counted.
alter table routing_waits add column owner_id bigint;
