/* Between sz_link_endpoint.c (LinkEndpoint.java's common rules) and sz_link_device.c
 * (DeviceLink.java's): the calls Java makes through LinkEndpoint's abstract and overridden
 * methods, as plain functions (a mote has only the device's side). Not for users. */
#ifndef SZ_LINK_SIDE_H
#define SZ_LINK_SIDE_H

#include "sz_link.h"

/* Control slot states. */
#define SZ_CTL_IDLE 0
#define SZ_CTL_DUE 1
#define SZ_CTL_WAIT 2

/* Endpoint services used by the device's rules. */
void sz_link_pump(struct sz_link *l, uint32_t now);
void sz_link_start_control(struct sz_link *l, uint8_t type, uint8_t conn, uint8_t msg, uint8_t retries);
uint8_t sz_link_control_pending(const struct sz_link *l, uint8_t type);
uint8_t sz_link_control_due(const struct sz_link *l, uint8_t type);
void sz_link_open_local(struct sz_link *l, uint8_t conn, uint32_t now);
void sz_link_close_local(struct sz_link *l, uint8_t reason, uint32_t now);
void sz_link_ack_control(struct sz_link *l, uint8_t type, uint8_t conn, uint8_t msg, uint8_t status);

/* The device's rules, called by the endpoint. */
uint8_t sz_link_may_transmit(const struct sz_link *l);
void sz_link_heard(struct sz_link *l, const struct sz_link_frame *f);
void sz_link_on_control(struct sz_link *l, const struct sz_link_frame *f, uint32_t now);
uint8_t sz_link_control_payload(uint8_t type, uint8_t *p, uint16_t capacity);
void sz_link_control_transmitted(struct sz_link *l, uint8_t type, uint32_t now);
void sz_link_control_acked(struct sz_link *l, uint8_t type, uint8_t status, uint32_t now);
void sz_link_control_failed(struct sz_link *l, uint8_t type, uint32_t now);
void sz_link_closed_side(struct sz_link *l, uint32_t now);
void sz_link_side_tick(struct sz_link *l, uint32_t now);
uint32_t sz_link_side_deadline(const struct sz_link *l);

#endif
