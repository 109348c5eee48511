-- The demo brand's password rule becomes the ASVS 2.1 default (issue 14): 8-64 of any printable
-- characters, spaces included. Only the seed's untouched old rule changes; an operator's own stays.
UPDATE "register_field_rules"
SET "pattern_id" = 'ANY', "accepted_pattern" = '*', "min_length" = 8, "max_length" = 64
WHERE "merchant_code" = 'DEMO' AND "field" = 'password' AND "pattern_id" = 'ALNUM_COMBINED'
  AND "accepted_pattern" = '^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$' AND "min_length" = 8 AND "max_length" = 20;
