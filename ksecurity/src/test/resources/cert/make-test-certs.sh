#!/bin/bash
# Makes the X.509 test material with the real openssl, into the directory given ($1).
# Everything here is a TEST KEY or a TEST CERTIFICATE, made fresh for each test run.
set -euo pipefail
cd "$1"

cat > x509.cnf <<'CNF'
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = unused
[ root ]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[ inter ]
basicConstraints = critical,CA:true,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ inter2 ]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign
[ leaf ]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature,keyAgreement
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = DNS:device.example.com,DNS:*.sensors.example.com,IP:192.168.1.7,IP:2001:db8::7,email:ops@example.com
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ plain ]
subjectAltName = DNS:plain.example.com
[ clientonly ]
keyUsage = critical,keyEncipherment
extendedKeyUsage = clientAuth
subjectAltName = DNS:client.example.com
[ unknowncrit ]
1.2.3.4.5 = critical,ASN1:UTF8String:must understand
subjectAltName = DNS:device.example.com
[ unknownplain ]
1.2.3.4.5 = ASN1:UTF8String:may ignore
[ nobc ]
keyUsage = critical,keyCertSign,cRLSign
[ ca_db ]
database = index.txt
new_certs_dir = .
serial = serial.txt
default_md = sha256
policy = any
unique_subject = no
[ any ]
commonName = supplied
CNF

ec() { openssl ecparam -name "$1" -genkey -noout -out "$2.key"; }
rsa() { openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:"$1" -out "$2.key" 2>/dev/null; }
selfsigned() { # name cn ext md
  openssl req -new -x509 -key "$1.key" -subj "$2" -days 3650 -config x509.cnf -extensions "$3" "-$4" -set_serial "0x${5:-01}" -out "$1.pem"; }
issue() { # name cn ext md ca serial
  openssl req -new -key "$1.key" -subj "$2" -config x509.cnf -out "$1.csr"
  openssl x509 -req -in "$1.csr" -CA "$5.pem" -CAkey "$5.key" -set_serial "$6" -days 825 \
    -extfile x509.cnf -extensions "$3" "-$4" -out "$1.pem" 2>/dev/null; }

# P-256 chain: root -> inter (pathlen 0) -> leaf; inter -> inter2 -> deep (path too long).
ec prime256v1 root; selfsigned root "/CN=KSSL Test Root/O=KSSL Test" root sha256 7f
ec prime256v1 inter; issue inter "/CN=KSSL Test Intermediate/O=KSSL Test" inter sha256 root 2
ec prime256v1 leaf; issue leaf "/CN=device.example.com/O=KSSL Test/C=CH" leaf sha256 inter 0x1234567890abcdef
ec prime256v1 plain; issue plain "/CN=plain.example.com" plain sha256 root 5
ec prime256v1 client; issue client "/CN=client" clientonly sha256 inter 6
ec prime256v1 crit; issue crit "/CN=crit" unknowncrit sha256 inter 7
ec prime256v1 noncrit; issue noncrit "/CN=noncrit" unknownplain sha256 inter 8
ec prime256v1 inter2; issue inter2 "/CN=KSSL Test Intermediate 2" inter2 sha256 inter 9
ec prime256v1 deep; issue deep "/CN=deep.example.com" leaf sha256 inter2 10
# A "CA" without basicConstraints, and what it issued.
ec prime256v1 nobc; selfsigned nobc "/CN=No BasicConstraints CA" nobc sha256
ec prime256v1 nobcleaf; issue nobcleaf "/CN=nobc.example.com" plain sha256 nobc 11
# Expired (and not yet valid) leaves, through `openssl ca` which sets exact dates.
touch index.txt; echo 20 > serial.txt
openssl req -new -key plain.key -subj "/CN=expired.example.com" -config x509.cnf -out expired.csr
openssl ca -batch -config x509.cnf -name ca_db -cert root.pem -keyfile root.key -in expired.csr -out expired.pem \
  -startdate 20200101000000Z -enddate 20210101000000Z -notext -extfile x509.cnf -extensions plain 2>/dev/null
openssl req -new -key plain.key -subj "/CN=future.example.com" -config x509.cnf -out future.csr
openssl ca -batch -config x509.cnf -name ca_db -cert root.pem -keyfile root.key -in future.csr -out future.pem \
  -startdate 20450101000000Z -enddate 20550101000000Z -notext -extfile x509.cnf -extensions plain 2>/dev/null
# The other curves and hashes.
ec secp160r1 ca160; selfsigned ca160 "/CN=CA160" root sha1
ec secp160r1 dev160; issue dev160 "/CN=dev160" plain sha1 ca160 3
ec secp192r1 ca192; selfsigned ca192 "/CN=CA192" root sha224
ec secp224r1 ca224; selfsigned ca224 "/CN=CA224" root sha256
# Parsed but not supported for use: a P-384 key, an Ed25519 key, a SHA-384 signature.
ec secp384r1 ca384; selfsigned ca384 "/CN=CA384" root sha384
openssl genpkey -algorithm ed25519 -out ed.key
openssl req -new -x509 -key ed.key -subj "/CN=ed" -days 1 -config x509.cnf -extensions root -out ed.pem
ec prime256v1 sha384sig; issue sha384sig "/CN=sha384.example.com" plain sha384 root 15
# RSA: a 2048-bit root signing a 1024-bit leaf with SHA-1, and SHA-224 / MD5 leaves.
rsa 2048 rsaroot; selfsigned rsaroot "/CN=KSSL RSA Root" root sha256
rsa 1024 rsaleaf; issue rsaleaf "/CN=rsa.example.com" plain sha1 rsaroot 12
cp rsaleaf.key rsaleaf224.key; issue rsaleaf224 "/CN=rsa224.example.com" plain sha224 rsaroot 13
cp rsaleaf.key rsaleafmd5.key; issue rsaleafmd5 "/CN=rsamd5.example.com" plain md5 rsaroot 14
# Key files in every form the parser reads.
openssl pkcs8 -topk8 -nocrypt -in leaf.key -out leaf.p8.pem
openssl pkcs8 -topk8 -nocrypt -in rsaleaf.key -out rsaleaf.p8.pem
openssl rsa -in rsaleaf.key -traditional -out rsaleaf.pkcs1.pem 2>/dev/null
openssl ec -in leaf.key -outform DER -out leaf.key.der 2>/dev/null
openssl ec -in dev160.key -no_public -out dev160.nopub.key 2>/dev/null
cat leaf.pem inter.pem > chain.pem
for f in *.pem; do openssl x509 -in "$f" -outform DER -out "${f%.pem}.der" 2>/dev/null || true; done
