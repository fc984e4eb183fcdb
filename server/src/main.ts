import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed/seed';

const config = loadConfig();
const app = await buildApp({ config });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl;
console.log(`\nCourier Desk is running on ${url}  (API docs: ${url}/api/docs)`);
console.log(`Data: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`}`);
if (config.seed) {
  console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}):`);
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.email.padEnd(28)} ${s.label}`);
}
console.log('');
