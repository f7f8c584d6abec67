import { z } from "zod";
import { DateTimeString, Id, ReadAddress, wrappedList } from "./common";

export const PayPoint = z.looseObject({
  id: Id,
  name: z.string(),
  created_at: DateTimeString,
  updated_at: DateTimeString,
  client_id: Id,
  physical_address: ReadAddress.nullish(),
});
export type PayPoint = z.infer<typeof PayPoint>;
export const PayPointList = wrappedList("pay_point", PayPoint);
