-- The admin's tour list of every organisation (GET /tour-commander/v1/tours without an organisation or depot filter) reads one day or up to 31 days of all tours: without this index that is a scan of the whole tours table (15 weeks of history).
CREATE INDEX "tours_date_idx" ON "tours" USING btree ("tour_date");
