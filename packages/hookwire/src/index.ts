export { main, VERSION } from '@hookwire/stdio-server';
