// What counts as this machine: the development mailbox answers only it (routes/system/devMailbox.ts), and is off when
// the server listens beyond it (config.ts). Only plain notations count (a dotted quad, IPv6, localhost): a Host
// header or listen address in another notation is not this machine's as far as these rules go.
import ipaddr from 'ipaddr.js';

/** 127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6 (a socket's remote address). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address);
  return plain && ipaddr.process(address).range() === 'loopback';
}

/** A listen address or Host header naming this machine: localhost or a loopback IP (IPv6 bracketed when a port follows). */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  const name = bracketed ? bracketed[1]! : ipaddr.IPv6.isValid(host) ? host : host.replace(/:\d+$/, '');
  return name.toLowerCase() === 'localhost' || isLoopbackAddress(name);
}
