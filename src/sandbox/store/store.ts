/**
 * The sandbox's in-memory state: one table per record type, each a Map by ID plus secondary indexes
 * (by client, by employee, ...) so that a client's employees or an employee's payslips are found without scans.
 * Index keys are fields that never change after insert (a payslip never moves to another employee).
 */
import util from "node:util";
import type { Inputs } from "../../contract";
import type { CustomItemDef, Frequency, LeavePolicy } from "../engine";

export interface Address {
  unit_no: string | null;
  complex?: string | null;
  st_name: string | null;
  postal_code: string | null;
}

export interface CustomFieldDef {
  id: number;
  name: string;
  type: "text" | "dropdown";
  options?: { id: number; label: string }[];
}

export interface ClientRec {
  id: number;
  name: string;
  physical_address: Address;
  employee_number_mode: string;
  features: string[];
  regular_hours_version: number;
  next_employee_number: number;
  custom_field_defs: CustomFieldDef[];
  custom_items: CustomItemDef[];
  profiles: { id: number; name: string }[];
  created_at: string;
  updated_at: string;
}

export interface WaveRec {
  id: number;
  client_id: number;
  frequency: Frequency;
  length_months: number;
  length_weeks: number;
  first_end_date: string;
  first_period_offset: number;
  interim_first_end_date: string | null;
  notification_days_before: number | null;
  finalisation_days_before: number | null;
  payslip_payment_day: number | null;
  custom_name: string | null;
  pay_dates_enabled: boolean;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface PayPointRec {
  id: number;
  client_id: number;
  name: string;
  physical_address: Address;
  created_at: string;
  updated_at: string;
}

export interface EmployeeRec {
  id: number;
  client_id: number;
  number: string;
  first_name: string;
  last_name: string;
  birthdate: string | null;
  appointment_date: string;
  wave_id: number;
  pay_point_id: number | null;
  payment_method: string;
  ppsn: string | null;
  prsi_class: string;
  prsi_exempt: boolean;
  director: boolean;
  email: string | null;
  job_title: string | null;
  physical_address: Address | null;
  bank_account: { account_number: string | null; branch_code: string | null } | null;
  custom_fields: Record<string, string | null>;
  created_at: string;
  updated_at: string;
}

export interface ServicePeriodRec {
  id: number;
  employee_id: number;
  start_date: string;
  end_date: string | null;
  negative: boolean;
  attribs: { ie_employment_identifier?: string | null } | null;
  termination_code: number | null;
  created_at: string;
  updated_at: string;
}

export interface PayslipRec {
  id: number;
  employee_id: number;
  client_id: number;
  wave_id: number;
  date: string;
  period_offset: number;
  special: boolean;
  finalised: boolean;
  dirty: boolean;
  ss_released: boolean;
  payment_run_id: number | null;
  /** Finalised payslips keep the calculations they were computed from (a shared, frozen snapshot). */
  snapshot_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A regular payslip open for input: not finalised, in no pay run, its figures computed live (no snapshot). */
export function openPayslip(
  fields: Pick<PayslipRec, "id" | "employee_id" | "client_id" | "wave_id" | "date" | "period_offset" | "created_at">,
): PayslipRec {
  return {
    ...fields,
    special: false,
    finalised: false,
    dirty: false,
    ss_released: false,
    payment_run_id: null,
    snapshot_id: null,
    updated_at: fields.created_at,
  };
}

export interface PaymentRunRec {
  id: number;
  client_id: number;
  wave_id: number;
  period_offset: number;
  period_end_date: string;
  special: boolean;
  posted_to_accounting_system: boolean;
  created_at: string;
  updated_at: string;
}

export interface CalcRec {
  id: number;
  client_id: number;
  employee_id: number | null;
  payslip_id: number | null;
  /** The item: a system name such as `basic_salary`, or a custom item's numeric ID. */
  item: string | number;
  inputs: Inputs;
  deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** Frozen calculations a finalised payslip was computed from. */
export interface SnapshotRec {
  id: number;
  employee_id: number;
  calcs: CalcRec[];
  /** The employee facts the figures depended on when the payslip was finalised. */
  context: SnapshotContext;
}

export interface SnapshotContext {
  frequency: Frequency;
  prsi_class: string;
  prsi_exempt: boolean;
  director: boolean;
  /** Weekly hours from week_hours (Regular Hours v2), or null. */
  weekHours: number | null;
}

export interface InheritedRec {
  id: number;
  employee_id: number;
  short_name: string;
  calculation_def_id: number | null;
  profile_id: number | null;
  /** Effective date ("" = base) to the full input set from then. */
  history: Record<string, Inputs>;
  created_at: string;
  updated_at: string;
}

export interface LeaveTypeRec {
  id: number;
  client_id: number;
  name: string;
  policy: LeavePolicy;
}

export interface LeaveDayRec {
  id: number;
  employee_id: number;
  date: string;
  hours: number | null;
  type_id: number;
  created_at: string;
  updated_at: string;
}

export interface ProfileMappingRec {
  id: number;
  employee_id: number;
  profile_id: number;
  inputs: Record<string, unknown>;
  excluded_calculations: unknown[];
  included_calculations: number[];
  created_at: string;
  updated_at: string;
}

type IndexKey<T> = (r: T) => number | null;

/** Told the ID of each record a table inserts, removes or (once tracked) changes in place. */
export type Touch = (id: number) => void;

const EMPTY: readonly never[] = Object.freeze([]);

export class Table<T extends { id: number }, I extends string = never> {
  readonly byId = new Map<number, T>();
  private readonly indexes = new Map<I, { key: IndexKey<T>; map: Map<number, T[]> }>();

  constructor(indexes: Record<I, IndexKey<T>>) {
    for (const [name, key] of Object.entries(indexes) as [I, IndexKey<T>][]) this.indexes.set(name, { key, map: new Map() });
  }

  private touch: Touch | null = null;
  private proxied = false;

  /**
   * From now on, report every insert and remove, and (with inPlace) every property set or deleted on a record:
   * records are then held behind a Proxy whose set trap reports them. Records already held are wrapped now (the
   * indexes are rebuilt in the same order). Records are changed by replacing top-level properties (nested objects
   * are replaced whole, never mutated), so a shallow trap sees every change.
   */
  track(touch: Touch, inPlace: boolean): void {
    this.touch = touch;
    if (!inPlace || this.proxied) return;
    this.proxied = true;
    const records = [...this.byId.values()];
    this.byId.clear();
    for (const { map } of this.indexes.values()) map.clear();
    for (const r of records) this.insert(r, false);
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  insert(record: T, report = true): T {
    const r = this.proxied && !util.types.isProxy(record) ? this.wrap(record) : record;
    this.byId.set(r.id, r);
    if (report) this.touch?.(r.id);
    for (const { key, map } of this.indexes.values()) {
      const k = key(r);
      if (k === null) continue;
      const list = map.get(k);
      if (list) list.push(r);
      else map.set(k, [r]);
    }
    return r;
  }

  /** Puts r in place of the record with its ID, keeping that record's position in the table and its indexes. */
  replace(record: T): void {
    const old = this.byId.get(record.id);
    if (!old) {
      this.insert(record);
      return;
    }
    const r = this.proxied && !util.types.isProxy(record) ? this.wrap(record) : record;
    this.touch?.(r.id);
    this.byId.set(r.id, r); // an existing key keeps its place in the Map's order
    for (const { key, map } of this.indexes.values()) {
      const k = key(old);
      const list = k === null ? undefined : map.get(k);
      const i = list ? list.indexOf(old) : -1;
      if (i >= 0) list![i] = r;
    }
  }

  remove(r: T): void {
    if (!this.byId.delete(r.id)) return;
    this.touch?.(r.id);
    for (const { key, map } of this.indexes.values()) {
      const k = key(r);
      const list = k === null ? undefined : map.get(k);
      const i = list ? list.indexOf(r) : -1;
      if (i >= 0) list!.splice(i, 1);
    }
  }

  private wrap(record: T): T {
    const touch = this.touch!;
    return new Proxy(record, {
      set(target, key, value) {
        (target as Record<string | symbol, unknown>)[key] = value;
        touch(target.id);
        return true;
      },
      deleteProperty(target, key) {
        delete (target as Record<string | symbol, unknown>)[key];
        touch(target.id);
        return true;
      },
    });
  }

  /** Records whose index `name` has key `k`, in insertion order. A live view: copy before sorting or mutating. */
  where(name: I, k: number): readonly T[] {
    return this.indexes.get(name)!.map.get(k) ?? EMPTY;
  }

  count(name: I, k: number): number {
    return this.where(name, k).length;
  }

  all(): T[] {
    return [...this.byId.values()];
  }
}

export type Seq = Record<string, number>;

/**
 * Tables whose records are never changed in place, so only their inserts and removes are tracked (no Proxy on
 * the hot path): snapshots are frozen, and a payslip's in-place changes (dirty, updated_at) are recalculation state,
 * recomputed at load rather than persisted.
 */
const INSERT_ONLY: ReadonlySet<TableName> = new Set(["payslips", "snapshots"]);

/** Per table, the IDs of the records inserted, removed or changed since the changes were last taken. */
export type Changes = Map<TableName, Set<number>>;

export class Store {
  seq: Seq = {};
  /** Counts tracked changes; persistence compares it with the count its last durable write covered. */
  changeCount = 0;
  private changes: Changes | null = null;
  readonly clients = new Table<ClientRec>({});
  readonly waves = new Table<WaveRec, "client">({ client: (w) => w.client_id });
  readonly payPoints = new Table<PayPointRec, "client">({ client: (p) => p.client_id });
  readonly employees = new Table<EmployeeRec, "client">({ client: (e) => e.client_id });
  readonly servicePeriods = new Table<ServicePeriodRec, "employee">({ employee: (s) => s.employee_id });
  readonly payslips = new Table<PayslipRec, "employee" | "run">({ employee: (p) => p.employee_id, run: (p) => p.payment_run_id });
  readonly paymentRuns = new Table<PaymentRunRec, "client" | "wave">({ client: (r) => r.client_id, wave: (r) => r.wave_id });
  readonly calculations = new Table<CalcRec, "client" | "employee" | "payslip">({
    client: (c) => c.client_id,
    employee: (c) => c.employee_id,
    payslip: (c) => c.payslip_id,
  });
  readonly snapshots = new Table<SnapshotRec>({});
  readonly inherited = new Table<InheritedRec, "employee">({ employee: (i) => i.employee_id });
  readonly leaveTypes = new Table<LeaveTypeRec, "client">({ client: (t) => t.client_id });
  readonly leaveDays = new Table<LeaveDayRec, "employee">({ employee: (d) => d.employee_id });
  readonly profileMappings = new Table<ProfileMappingRec, "employee">({ employee: (m) => m.employee_id });

  /** The next ID of a record type. Each type counts from its own base (IDs are unique per type only). */
  nextId(kind: keyof typeof ID_BASES): number {
    const next = (this.seq[kind] ?? ID_BASES[kind]) + 1;
    this.seq[kind] = next;
    return next;
  }

  /** An employee's payslips, oldest first (regular before special on the same date). */
  payslipsOf(employeeId: number): PayslipRec[] {
    return [...this.payslips.where("employee", employeeId)].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : Number(a.special) - Number(b.special) || a.id - b.id,
    );
  }

  hasFinalisedPayslips(employeeId: number): boolean {
    return this.payslips.where("employee", employeeId).some((p) => p.finalised);
  }

  /** Starts tracking changes (for the --data write-ahead log): see Table.track. */
  trackChanges(): void {
    if (this.changes) return;
    const changes: Changes = new Map();
    this.changes = changes;
    for (const [name, table] of Object.entries(this.tables()) as unknown as [TableName, Table<{ id: number }, string>][]) {
      const ids = new Set<number>();
      changes.set(name, ids);
      table.track((id) => {
        ids.add(id);
        this.changeCount++;
      }, !INSERT_ONLY.has(name));
    }
  }

  /** The changes since the last call, and starts a new set. */
  takeChanges(): Changes {
    const taken: Changes = new Map();
    for (const [name, ids] of this.changes ?? []) {
      if (ids.size) taken.set(name, new Set(ids));
      ids.clear();
    }
    return taken;
  }

  /** Puts back changes that could not be written, so the next write includes them. */
  restoreChanges(changes: Changes): void {
    for (const [name, ids] of changes) for (const id of ids) this.changes?.get(name)?.add(id);
  }

  /** Every table with its records (indexes are rebuilt on load). */
  tables(): { [K in TableName]: Table<StoreData[K][number], string> } {
    return {
      clients: this.clients,
      waves: this.waves,
      payPoints: this.payPoints,
      employees: this.employees,
      servicePeriods: this.servicePeriods,
      payslips: this.payslips,
      paymentRuns: this.paymentRuns,
      calculations: this.calculations,
      snapshots: this.snapshots,
      inherited: this.inherited,
      leaveTypes: this.leaveTypes,
      leaveDays: this.leaveDays,
      profileMappings: this.profileMappings,
    } as never;
  }

  /** Serialisable form of everything (for tests and small states; persistence streams the tables instead). */
  toJSON(): StoreData {
    const out = { seq: this.seq } as StoreData;
    for (const [name, table] of Object.entries(this.tables())) (out as unknown as Record<string, unknown>)[name] = table.all();
    return out;
  }
}

export type TableName = Exclude<keyof StoreData, "seq">;

export interface StoreData {
  seq: Seq;
  clients: ClientRec[];
  waves: WaveRec[];
  payPoints: PayPointRec[];
  employees: EmployeeRec[];
  servicePeriods: ServicePeriodRec[];
  payslips: PayslipRec[];
  paymentRuns: PaymentRunRec[];
  calculations: CalcRec[];
  snapshots: SnapshotRec[];
  inherited: InheritedRec[];
  leaveTypes: LeaveTypeRec[];
  leaveDays: LeaveDayRec[];
  profileMappings: ProfileMappingRec[];
}

export const ID_BASES = {
  client: 0,
  wave: 10,
  payPoint: 20,
  leaveType: 30,
  customField: 40,
  customItem: 100,
  profile: 500,
  employee: 1000,
  paymentRun: 5000,
  servicePeriod: 10_000,
  inherited: 20_000,
  profileMapping: 30_000,
  leaveDay: 40_000,
  snapshot: 0,
  calculation: 100_000,
  payslip: 1_000_000,
} as const;
