/**
 * Runs before every test file of the server project. The project shares one module graph per worker (`isolate:
 * false`, decision 112), so what a module keeps between calls outlives the file that set it. The business clock is
 * the one such state a test moves on purpose: each file starts at real time, with the clock fixed until its app makes
 * it adjustable again.
 */
import { configureClock } from '../core/clock.js';

configureClock({ adjustable: false });
