import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: zod 4 decides per object schema, when it is
// built, whether to compile a fast parser with `new Function`, probing once with `Function("")`. The
// CSP (script-src 'self', no 'unsafe-eval') refuses that and the browser reports a violation even
// though zod catches the error. Jitless, zod never probes and parses the same way without eval.
z.config({ jitless: true });
