// A jest setup file: password hashes at a trivial argon2id cost in the test suites (see
// useTrivialHashCostForTests). The production cost is asserted in auth/passwords.test.ts.
import { useTrivialHashCostForTests } from '../src/auth/passwords.js';

useTrivialHashCostForTests();
