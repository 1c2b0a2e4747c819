// A cycle of type imports only (see customer.ts): `npm run lint` reports it too, since two modules
// whose types name each other are as tied together as a runtime cycle (api/src/import-cycles.test.ts).
import type { Customer } from './customer';

export interface Order {
  placedBy: Customer;
}
