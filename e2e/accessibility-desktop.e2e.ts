// Every page at 1280 px checked with axe-core (the views are listed in accessibility.ts).
import { checkAccessibilityAt } from './accessibility.js';

checkAccessibilityAt('desktop');
