import { describeCliCommands } from './cli-suite.js';

// The embedded default: DATA_DIR/agency.sqlite, uploads and outbox folders.
describeCliCommands('sqlite');
