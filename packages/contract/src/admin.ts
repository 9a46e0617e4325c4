import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** The operators' console: operator sessions, review queues, user support actions, balance adjustments and the audit log. */

void z;
void endpoint;
