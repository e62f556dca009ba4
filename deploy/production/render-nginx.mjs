/**
 * Prints the nginx configuration of a deployment, from the settings in the environment
 * (nginx.env.example lists them; deploy/README.md walks through them):
 *
 *   node --env-file=/etc/trungtam/nginx.env deploy/production/render-nginx.mjs > /etc/nginx/sites-available/trungtam
 *
 * `--standalone <prefix>` prints a whole nginx.conf instead, for an nginx of its own whose pid, logs and
 * temporary files live under <prefix> (`nginx -p <prefix> -c <file>`).
 */
import { parseArgs } from 'node:util';
import { renderSite, renderStandalone, settingsFromEnv } from './nginx.mjs';

const { values } = parseArgs({ options: { standalone: { type: 'string' } } });
try {
  const settings = settingsFromEnv(process.env);
  const site = renderSite(settings);
  process.stdout.write(values.standalone ? renderStandalone(site, { prefix: values.standalone, brotli: settings.brotli }) : site);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
