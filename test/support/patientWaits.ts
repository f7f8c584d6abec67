/**
 * Testing Library's findBy and waitFor wait for a state, but give up after 1 s by default: a time limit that a loaded
 * 2-core machine breaks (seen in CI at load 4, and in busy runs at load 10-25, where one render can take seconds).
 * Importing this module makes them patient for the whole file; a state that never comes still fails clearly, well
 * inside the unit suite's 60 s ceiling per test.
 */
import { configure } from "@testing-library/react";

const PATIENT_WAIT_MS = 30_000;

configure({ asyncUtilTimeout: PATIENT_WAIT_MS });
