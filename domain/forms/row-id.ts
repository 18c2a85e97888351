// Every row's id is a UUID: a malformed one is answered as not found before it
// reaches the database (where it would be a type error, not a missing row).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isRowId = (id: string): boolean => UUID.test(id);
