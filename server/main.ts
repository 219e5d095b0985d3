import { loadConfigOrExit, runProcess } from './process-lifecycle.js';
import { serve } from './serve.js';

runProcess('nobat', async () => {
  await serve(loadConfigOrExit('nobat'));
});
