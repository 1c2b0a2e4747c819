// The other half of the type cycle (see order.ts).
import type { Order } from './order';

export interface Customer {
  orders: Order[];
}
