-- An e-mail's subject line (in the member's language, like its body); SMS rows keep null.
ALTER TABLE "outbox" ADD COLUMN "subject" text;