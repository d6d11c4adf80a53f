-- A due job (a post retry, a reminder, an out-of-time notice) is leased by the process that runs it
-- (`lease_owner`, until `lease_until`) and marked done only once Discord took its message. The holder
-- renews the lease while it works; a process that dies mid-job lets its lease run out, and another
-- process runs the job again with the same message nonce, which Discord answers with the message
-- already made instead of a second one. Portable SQL.
ALTER TABLE schedules ADD COLUMN lease_owner TEXT;
ALTER TABLE schedules ADD COLUMN lease_until TEXT;
